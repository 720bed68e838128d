import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminsModule } from './admins/admins.module';
import { AuthModule } from './auth/auth.module';
import { CommonModule } from './common/common.module';
import { APP_CONFIG, AppConfig } from './config/app-config';
import { CoverModule } from './cover/cover.module';
import { typeormOptions } from './database/typeorm-options';
import { HealthModule } from './health/health.module';
import { ImagesModule } from './images/images.module';
import { LinksModule } from './links/links.module';
import { PlansModule } from './plans/plans.module';
import { PopupsModule } from './popups/popups.module';
import { TagsModule } from './tags/tags.module';

/** Where the API's database is: the URL, and whether it is the embedded PGlite server. */
export interface DatabaseTarget {
  url: string;
  embedded: boolean;
}

/**
 * The API's root module. The database is decided before Nest starts (main.ts starts the embedded
 * server when DATABASE_URL is unset), so it is passed in; migrations run when TypeORM connects.
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, database: DatabaseTarget): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CommonModule,
        AuthModule,
        TypeOrmModule.forRoot(typeormOptions(database.url, database.embedded)),
        LinksModule,
        PlansModule,
        PopupsModule,
        TagsModule,
        ImagesModule,
        CoverModule,
        HealthModule,
        AdminsModule,
      ],
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
      global: true,
    };
  }
}
