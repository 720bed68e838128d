import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImageUploadInterceptor } from '../images/image-upload';
import { Cover } from './cover.entity';
import { CoverController } from './cover.controller';
import { CoverService } from './cover.service';

@Module({
  imports: [TypeOrmModule.forFeature([Cover])],
  controllers: [CoverController],
  providers: [CoverService, ImageUploadInterceptor],
  exports: [CoverService],
})
export class CoverModule {}
