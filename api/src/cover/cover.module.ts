import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Cover } from './cover.entity';
import { CoverController } from './cover.controller';
import { CoverService } from './cover.service';

@Module({ imports: [TypeOrmModule.forFeature([Cover])], controllers: [CoverController], providers: [CoverService] })
export class CoverModule {}
