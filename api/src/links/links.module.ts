import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImageUploadInterceptor } from '../images/image-upload';
import { LinkImagesController } from './link-images.controller';
import { Link } from './link.entity';
import { LinksController } from './links.controller';
import { LinksService } from './links.service';

@Module({
  imports: [TypeOrmModule.forFeature([Link])],
  controllers: [LinksController, LinkImagesController],
  providers: [LinksService, ImageUploadInterceptor],
  exports: [LinksService],
})
export class LinksModule {}
